// `react` in the web app's tests: the browser build's Preact compatibility layer
// (build/react-shim.ts), so component tests render what ships, plus `act` from Preact's test
// utilities (React exports it from `react`).
export * from '../build/react-shim.ts';
export { default } from '../build/react-shim.ts';
export { act } from 'preact/test-utils';
