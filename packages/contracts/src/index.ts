// Module-level calls in these files are marked /* @__PURE__ */ so the web build drops the schemas a page
// does not use instead of building them as the page loads (see pure-schemas.test.ts).
export * from './common';
export * from './auth';
export * from './sign-in-refusals';
export * from './user';
export * from './account';
export * from './movies';
export * from './editor';
export * from './storyboard';
export * from './storyboard-rules';
export * from './generate-shots';
export * from './descriptions';
export * from './graph-rules';
export * from './handles';
export * from './constants';
export * from './messages';
export * from './assets';
export * from './shared-workflows';
export * from './generations';
export * from './workers';
export * from './forum';
export * from './curated';
export * from './exports';
export * from './cut';
export * from './scripts';
export * from './endpoint';
export * from './endpoints';
