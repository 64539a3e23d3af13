// Dev tooling, not the package: see ../eslint.tooling.mjs.
export { default } from '../eslint.tooling.mjs';
