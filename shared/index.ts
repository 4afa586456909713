export * from './codes.js';
export * from './constants.js';
