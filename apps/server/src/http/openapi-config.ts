/** The document-level fields of /api/openapi.json; shared by the app and the type generator. */
export const OPENAPI_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'FitBase API',
    version: '1.0.0',
    description:
      'JSON API of FitBase. Errors share one shape: { error: { code, message, fields?, requestId } }.',
  },
} as const;
