import { configure } from '@testing-library/react';

// findBy* queries wait for lazy screens and query results. Their 1 s default is a race on a
// loaded 2-core CI machine (the server suite runs beside these tests); 5 s still fails fast on a
// real regression.
configure({ asyncUtilTimeout: 5_000 });
