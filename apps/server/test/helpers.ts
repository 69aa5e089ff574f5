export { testServer, TestSocket } from '../src/testing/test-server.ts';
