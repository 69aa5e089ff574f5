import base from './playwright.config.ts';
export default { ...base, globalSetup: undefined, webServer: undefined, retries: 0 };
