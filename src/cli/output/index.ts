export { writeAck, writeDone } from './ack.js';
export { writeJson } from './json.js';
export { writeAnswer, writeFieldRows, writeRows, type Column } from './rows.js';
