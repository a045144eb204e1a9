export { writeAck } from './ack.js';
export { writeJson } from './json.js';
export { writeRows, type Column } from './rows.js';
