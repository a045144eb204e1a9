// The sandbox's catalogue (P1–P3): segments → categories → topics. Categories are E1's category
// list; the segments and topics are the sandbox's own (the reference does not list them). An
// event's `topics` (E1) are matched against the topic slugs below by P4's `topics` filter.
import type { EVENT_CATEGORIES } from '../../client/schemas/common.js';

export type CategorySlug = (typeof EVENT_CATEGORIES)[number];

interface Topic {
  topicId: string;
  topicName: string;
}

interface SegmentDefinition {
  segmentId: string;
  segmentName: string;
  categories: readonly CategorySlug[];
}

const SEGMENTS: readonly SegmentDefinition[] = [
  { segmentId: 'business', segmentName: 'Business & Technology', categories: ['business', 'technology', 'workshop', 'tradeshow', 'institutions'] },
  {
    segmentId: 'entertainment',
    segmentName: 'Entertainment',
    categories: ['entertainment', 'movies', 'music', 'comedy', 'art', 'festivals', 'parties', 'newyear'],
  },
  { segmentId: 'sports', segmentName: 'Sports & Fitness', categories: ['sports'] },
  { segmentId: 'community', segmentName: 'Community & Causes', categories: ['fundraising', 'community', 'religion', 'clubs', 'kids', 'family'] },
  { segmentId: 'lifestyle', segmentName: 'Food & Travel', categories: ['food', 'travel'] },
  { segmentId: 'other', segmentName: 'Other', categories: ['other'] },
];

const CATEGORY_NAMES: Readonly<Record<CategorySlug, string>> = {
  business: 'Business',
  technology: 'Technology',
  entertainment: 'Entertainment',
  sports: 'Sports',
  workshop: 'Workshops',
  fundraising: 'Fundraising',
  institutions: 'Institutions',
  art: 'Art',
  parties: 'Parties',
  food: 'Food & Drink',
  family: 'Family',
  travel: 'Travel',
  tradeshow: 'Trade Shows',
  movies: 'Movies',
  clubs: 'Clubs',
  festivals: 'Festivals',
  music: 'Music',
  religion: 'Religion',
  comedy: 'Comedy',
  community: 'Community',
  kids: 'Kids',
  newyear: 'New Year',
  other: 'Other',
};

const TOPIC_NAMES: Readonly<Record<CategorySlug, readonly string[]>> = {
  business: ['Startups', 'Marketing', 'Finance'],
  technology: ['Software', 'Artificial Intelligence', 'Security'],
  workshop: ['Design', 'Photography'],
  tradeshow: ['Expo', 'Trade Fair'],
  institutions: ['Education', 'Research'],
  entertainment: ['Theatre', 'Dance'],
  movies: ['Screenings', 'Film Festivals'],
  music: ['Concerts', 'Jazz', 'Classical'],
  comedy: ['Stand-up', 'Improv'],
  art: ['Exhibitions', 'Crafts'],
  festivals: ['Cultural Festivals', 'Fairs'],
  parties: ['Nightlife', 'Themed Parties'],
  newyear: ['New Year Parties'],
  sports: ['Running', 'Cycling', 'Yoga'],
  fundraising: ['Charity Runs', 'Galas'],
  community: ['Meetups', 'Volunteering'],
  religion: ['Spiritual Retreats'],
  clubs: ['Book Clubs', 'Hobby Clubs'],
  kids: ['Kids Workshops'],
  family: ['Family Outings'],
  food: ['Food Festivals', 'Wine Tasting'],
  travel: ['Treks', 'Tours'],
  other: ['Miscellaneous'],
};

function topicSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function topicsOf(category: CategorySlug): Topic[] {
  return TOPIC_NAMES[category].map((topicName) => ({ topicId: topicSlug(topicName), topicName }));
}

export interface SegmentNode {
  segmentId: string;
  segmentName: string;
  category: { categoryId: string; categoryName: string; topics: Topic[] }[];
}

/** 2.1: the tree, keeping only the categories `keep` accepts (segments left empty are dropped). */
export function segmentTree(keep: (category: CategorySlug) => boolean = () => true): SegmentNode[] {
  return SEGMENTS.map((segment) => ({
    segmentId: segment.segmentId,
    segmentName: segment.segmentName,
    category: segment.categories.filter(keep).map((categoryId) => ({
      categoryId,
      categoryName: CATEGORY_NAMES[categoryId],
      topics: topicsOf(categoryId),
    })),
  })).filter((segment) => segment.category.length > 0);
}

/** 2.2 category map: slug → display name. */
/** The segment a category belongs to (what --quirks gives a create-event sent without one). */
export function segmentOfCategory(category: string): string | undefined {
  return SEGMENTS.find((segment) => (segment.categories as readonly string[]).includes(category.trim().toLowerCase()))?.segmentId;
}

export function categoryMap(): Record<string, string> {
  return { ...CATEGORY_NAMES };
}

/** 2.2 topic map: segment slug → topic display names. */
export function topicMap(): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const segment of SEGMENTS) map[segment.segmentId] = segment.categories.flatMap((category) => [...TOPIC_NAMES[category]]);
  return map;
}
