import { AppError, type ErrorCode } from '@domain/errors';
import { dimensionsMessage, tooLargeMessage, unreadableMessage } from '@domain/media-rules';
import { MSG } from '@domain/messages';
import type { MediaType } from '@domain/vocabulary';

/**
 * The refusals of an uploaded file. Each carries its message on the `media` field too: the submit
 * and edit forms show a field message under the file picker (src/features/submit/creative-form.tsx).
 */
const refuse = (code: ErrorCode, message: string) => new AppError(code, { message, fields: { media: message } });

/** 413: more bytes than the type allows. */
export const tooLarge = (kind: MediaType) => refuse('PAYLOAD_TOO_LARGE', tooLargeMessage(kind));

/** 415: the first bytes are not one of the accepted types. */
export const badType = () => refuse('UNSUPPORTED_MEDIA', MSG.mediaInvalidType);

/** 415: an accepted type that cannot be decoded (truncated, corrupt). */
export const unreadable = (kind: MediaType) => refuse('UNSUPPORTED_MEDIA', unreadableMessage(kind));

/** 413: a picture whose header claims more pixels than we decode (domain/limits.ts IMAGE_MAX_*). */
export const dimensionsTooLarge = (kind: MediaType) => refuse('PAYLOAD_TOO_LARGE', dimensionsMessage(kind));

/** 400: not a multipart form, or one that cannot be parsed. */
export const malformedForm = () => new AppError('VALIDATION', { message: MSG.uploadFormInvalid });

/** 400: more than one file part. */
export const oneMediaOnly = () => refuse('VALIDATION', MSG.oneMediaOnly);
