export * from '../src/testing/cache-client.ts';
