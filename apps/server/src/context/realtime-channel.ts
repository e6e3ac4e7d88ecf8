/** The one NOTIFY channel of FitBase; every process LISTENs on it once (realtime.hub.ts). */
export const REALTIME_CHANNEL = 'fitbase_events';
