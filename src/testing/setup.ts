import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

/**
 * The web tests' setup. `findBy…` and `waitFor` wait up to 5 s (not 1 s): a lazily loaded part of
 * a page (a menu, a dialog) is compiled by Vitest on first use, which takes more than a second on a
 * 2-core machine that also runs other suites. A passing test does not wait longer for it.
 */
configure({ asyncUtilTimeout: 5_000 });
