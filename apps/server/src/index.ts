export { loadConfig, type ServerConfig } from './config.ts';
export { startServer, type RunningServer } from './server.ts';
