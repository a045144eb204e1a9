// The whole data model, created in a new database (PRAGMA user_version holds SCHEMA_VERSION). Times
// are ISO-8601 UTC text, event/ticket/discount dates and times the API's `yyyy-mm-dd` and `HH:MM`, money REAL.
export const SCHEMA_VERSION = 5;

export const SCHEMA = `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('organizer', 'admin')),
  booking_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE oauth_clients (
  client_id TEXT PRIMARY KEY,
  client_secret_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  -- JSON array of exact callback addresses
  redirect_uris TEXT NOT NULL,
  -- 1: any loopback http address on any port is accepted (RFC 8252 native app)
  allows_loopback INTEGER NOT NULL DEFAULT 0,
  -- 1: the client's secret is public (a native app), so a code is exchanged only with PKCE (RFC 7636)
  public_client INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE auth_codes (
  code_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  redirect_uri TEXT,
  code_challenge TEXT,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE access_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  client_id TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  -- the code it was exchanged for: a code presented twice revokes what it gave (RFC 6749 §4.1.2)
  auth_code_hash TEXT
);
CREATE INDEX access_tokens_account ON access_tokens(account_id);
CREATE INDEX access_tokens_auth_code ON access_tokens(auth_code_hash) WHERE auth_code_hash IS NOT NULL;

CREATE TABLE publisher_keys (
  key_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_at TEXT NOT NULL
);

CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES accounts(id),
  event_type TEXT NOT NULL,
  type TEXT NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL UNIQUE COLLATE NOCASE,
  subdomain TEXT COLLATE NOCASE,
  segment TEXT,
  category TEXT NOT NULL,
  topics TEXT,
  start_date TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_date TEXT NOT NULL,
  end_time TEXT NOT NULL,
  about TEXT NOT NULL,
  listing_image TEXT NOT NULL,
  header_image TEXT NOT NULL,
  contact_info TEXT NOT NULL,
  country TEXT,
  state TEXT,
  city TEXT,
  postal TEXT,
  address TEXT,
  status TEXT NOT NULL DEFAULT 'published',
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  -- confirmed orders so far; the next confirmed order takes position confirmed_orders + 1
  confirmed_orders INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX events_owner ON events(owner_id);
CREATE INDEX events_subdomain ON events(subdomain);
CREATE INDEX events_listed ON events(status, event_type, category);

CREATE TABLE tickets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events(id),
  name TEXT NOT NULL,
  description TEXT,
  -- NULL: "any amount" (blank price in add-ticket)
  price REAL,
  currency TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  initial_quantity INTEGER NOT NULL,
  status TEXT NOT NULL,
  start_date TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_date TEXT NOT NULL,
  end_time TEXT NOT NULL,
  min_quantity INTEGER NOT NULL,
  max_quantity INTEGER NOT NULL,
  service_fee INTEGER NOT NULL,
  allow_cancellation INTEGER NOT NULL,
  shipping_charge REAL,
  shipping_charge_type TEXT,
  sold_count INTEGER NOT NULL DEFAULT 0,
  held_count INTEGER NOT NULL DEFAULT 0,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE INDEX tickets_event ON tickets(event_id);

CREATE TABLE discounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events(id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  name TEXT,
  category TEXT NOT NULL CHECK (category IN ('flat', 'bulk', 'code')),
  amount REAL NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('fixed', 'percentage')),
  start_date TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_date TEXT NOT NULL,
  end_time TEXT NOT NULL,
  usage_limit INTEGER NOT NULL,
  from_quantity INTEGER,
  to_quantity INTEGER,
  code TEXT COLLATE NOCASE,
  used_count INTEGER NOT NULL DEFAULT 0,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE INDEX discounts_event ON discounts(event_id);
CREATE INDEX discounts_ticket ON discounts(ticket_id);

CREATE TABLE event_questions (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  label TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'Text',
  description TEXT NOT NULL DEFAULT '',
  validation TEXT NOT NULL DEFAULT '',
  mandatory INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL,
  UNIQUE (event_id, position)
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL UNIQUE,
  event_id INTEGER NOT NULL REFERENCES events(id),
  -- the account whose publisher key generated the order (NULL: inserted by the sandbox itself)
  publisher_account_id INTEGER REFERENCES accounts(id),
  status TEXT NOT NULL CHECK (status IN ('generated', 'pending', 'confirm', 'fail')),
  quantity INTEGER NOT NULL,
  ticket_cost REAL NOT NULL,
  discount REAL NOT NULL DEFAULT 0,
  platform_fee REAL NOT NULL DEFAULT 0,
  processing_fee REAL NOT NULL DEFAULT 0,
  service_tax REAL NOT NULL DEFAULT 0,
  grand_total REAL NOT NULL,
  paid_amount REAL NOT NULL DEFAULT 0,
  currency TEXT NOT NULL DEFAULT 'INR',
  buyer_name TEXT,
  buyer_email TEXT,
  buyer_phone TEXT,
  city TEXT,
  state TEXT,
  country TEXT,
  address TEXT,
  zipcode TEXT,
  paid_by TEXT NOT NULL DEFAULT 'guest',
  reference_no TEXT,
  created_at TEXT NOT NULL,
  purchased_at TEXT,
  -- set when confirmed: a sandbox-wide increasing sequence, and the order's 1-based position in
  -- its event's attendee list (so a batch is an index range seek, never an OFFSET scan)
  purchase_seq INTEGER UNIQUE,
  event_position INTEGER,
  UNIQUE (event_id, event_position)
);
CREATE INDEX orders_publisher ON orders(publisher_account_id);
CREATE INDEX orders_status_created ON orders(status, created_at);
CREATE INDEX orders_event_status ON orders(event_id, status);

CREATE TABLE order_lines (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL,
  discount_id INTEGER REFERENCES discounts(id),
  discount_code TEXT,
  discount_amount REAL NOT NULL DEFAULT 0,
  platform_fee REAL NOT NULL DEFAULT 0,
  amount REAL NOT NULL
);
CREATE INDEX order_lines_order ON order_lines(order_id);
CREATE INDEX order_lines_ticket ON order_lines(ticket_id);

CREATE TABLE attendees (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  -- n of attendee_<n> in the order's attendee form
  attendee_index INTEGER NOT NULL,
  ticket_no TEXT NOT NULL UNIQUE,
  name TEXT,
  email TEXT,
  phone TEXT,
  checkin TEXT NOT NULL DEFAULT 'no',
  status TEXT NOT NULL DEFAULT 'attending',
  UNIQUE (order_id, attendee_index)
);
CREATE INDEX attendees_ticket_status ON attendees(ticket_id, status);

CREATE TABLE attendee_answers (
  attendee_id INTEGER NOT NULL REFERENCES attendees(id),
  position INTEGER NOT NULL,
  field_id TEXT NOT NULL,
  label TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (attendee_id, position)
);

CREATE TABLE bookings (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  order_no TEXT NOT NULL,
  amount REAL NOT NULL,
  currency TEXT NOT NULL,
  amount_inr REAL NOT NULL,
  name TEXT,
  email_id TEXT,
  phone_no TEXT,
  country TEXT,
  state TEXT,
  city TEXT,
  address TEXT,
  zipcode TEXT,
  pg TEXT NOT NULL,
  callback_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'initiated',
  created_at TEXT NOT NULL,
  completed_at TEXT,
  -- md5 of the key the booking was posted with (the return's code; with --quirks an access token may stand in for the key)
  key_md5 TEXT NOT NULL
);
CREATE INDEX bookings_account_created ON bookings(account_id, created_at);
CREATE INDEX bookings_status ON bookings(status);

CREATE TABLE quota_usage (
  subject TEXT NOT NULL,
  bucket TEXT NOT NULL,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (subject, bucket, window_start)
);

-- Distinct id ranges make an event id passed as a ticket id (and so on) fail loudly.
INSERT INTO sqlite_sequence (name, seq) VALUES ('events', 100000), ('tickets', 200000), ('discounts', 300000);
`;
