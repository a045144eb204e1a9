export { writeAck, type Acknowledgement } from './ack.js';
export { writeJson } from './json.js';
export { colorAllowed, writeRows, type Column, type RowTarget, type WriteRowsOptions } from './rows.js';
