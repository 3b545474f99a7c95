import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s instead of 1 s: CI shares two cores with the API suite's database
// and Chromium, and a lazily loaded chunk can take over a second there. Not a speed check (bench/).
configure({ asyncUtilTimeout: 5000 });
