export * from './common.js';
export * from './requests.js';
export * from './resources.js';
export * from './ticket-capacity.js';
