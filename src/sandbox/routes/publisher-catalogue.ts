// The sandbox's catalogue (P1–P3): segments → categories → topics. Categories are E1's category
// list; the segments and topics are the sandbox's own (the reference does not list them). An
// event's `topics` (E1) are matched against the topic slugs below by P4's `topics` filter.
import type { EVENT_CATEGORIES } from '../../client/schemas/common.js';
import type { SegmentNode } from '../../client/schemas/index.js';

export type CategorySlug = (typeof EVENT_CATEGORIES)[number];

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

/** Each category's display name and its topics' names. */
const CATEGORIES: Readonly<Record<CategorySlug, { name: string; topics: readonly string[] }>> = {
  business: { name: 'Business', topics: ['Startups', 'Marketing', 'Finance'] },
  technology: { name: 'Technology', topics: ['Software', 'Artificial Intelligence', 'Security'] },
  entertainment: { name: 'Entertainment', topics: ['Theatre', 'Dance'] },
  sports: { name: 'Sports', topics: ['Running', 'Cycling', 'Yoga'] },
  workshop: { name: 'Workshops', topics: ['Design', 'Photography'] },
  fundraising: { name: 'Fundraising', topics: ['Charity Runs', 'Galas'] },
  institutions: { name: 'Institutions', topics: ['Education', 'Research'] },
  art: { name: 'Art', topics: ['Exhibitions', 'Crafts'] },
  parties: { name: 'Parties', topics: ['Nightlife', 'Themed Parties'] },
  food: { name: 'Food & Drink', topics: ['Food Festivals', 'Wine Tasting'] },
  family: { name: 'Family', topics: ['Family Outings'] },
  travel: { name: 'Travel', topics: ['Treks', 'Tours'] },
  tradeshow: { name: 'Trade Shows', topics: ['Expo', 'Trade Fair'] },
  movies: { name: 'Movies', topics: ['Screenings', 'Film Festivals'] },
  clubs: { name: 'Clubs', topics: ['Book Clubs', 'Hobby Clubs'] },
  festivals: { name: 'Festivals', topics: ['Cultural Festivals', 'Fairs'] },
  music: { name: 'Music', topics: ['Concerts', 'Jazz', 'Classical'] },
  religion: { name: 'Religion', topics: ['Spiritual Retreats'] },
  comedy: { name: 'Comedy', topics: ['Stand-up', 'Improv'] },
  community: { name: 'Community', topics: ['Meetups', 'Volunteering'] },
  kids: { name: 'Kids', topics: ['Kids Workshops'] },
  newyear: { name: 'New Year', topics: ['New Year Parties'] },
  other: { name: 'Other', topics: ['Miscellaneous'] },
};

function topicSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function topicsOf(category: CategorySlug): SegmentNode['category'][number]['topics'] {
  return CATEGORIES[category].topics.map((topicName) => ({ topicId: topicSlug(topicName), topicName }));
}

/** 2.1: the tree, keeping only the categories `keep` accepts (segments left empty are dropped). */
export function segmentTree(keep: (category: CategorySlug) => boolean = () => true): SegmentNode[] {
  return SEGMENTS.map((segment) => ({
    segmentId: segment.segmentId,
    segmentName: segment.segmentName,
    category: segment.categories.filter(keep).map((categoryId) => ({
      categoryId,
      categoryName: CATEGORIES[categoryId].name,
      topics: topicsOf(categoryId),
    })),
  })).filter((segment) => segment.category.length > 0);
}

/** The segment a category belongs to (what --quirks gives a create-event sent without one). */
export function segmentOfCategory(category: string): string | undefined {
  return SEGMENTS.find((segment) => (segment.categories as readonly string[]).includes(category.trim().toLowerCase()))?.segmentId;
}

/** 2.2 category map: slug → display name. */
export function categoryMap(): Record<string, string> {
  return Object.fromEntries(Object.entries(CATEGORIES).map(([slug, category]) => [slug, category.name]));
}

/** 2.2 topic map: segment slug → topic display names. */
export function topicMap(): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const segment of SEGMENTS) map[segment.segmentId] = segment.categories.flatMap((category) => [...CATEGORIES[category].topics]);
  return map;
}
