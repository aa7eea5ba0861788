import { expect } from 'vitest';
import { GatewayError } from '@/gateway/types';

/** Awaits a call that must fail and returns its GatewayError. */
export async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    return err as GatewayError;
  }
  throw new Error('expected the call to fail');
}
