export * from './profile.js';
export * from './store.js';
