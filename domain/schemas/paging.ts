import { z } from 'zod';
import { textField } from './fields';

/** An opaque keyset cursor from a previous page's `nextCursor` (the backend checks what is inside). */
export const cursorField = textField().max(500).optional();

/** Query of a list that only pages (`?cursor=`). */
export const pageQuery = z.object({ cursor: cursorField });
