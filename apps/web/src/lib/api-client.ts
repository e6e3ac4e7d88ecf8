/**
 * Kept while the screens' imports move to lib/api/: the one ApiError class and the typed client
 * live in lib/api/ (api-error.ts, client.ts). New code imports from there.
 */
export { ApiError, errorMessage } from './api/api-error';
