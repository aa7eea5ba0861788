import type { Role } from '@domain/roles';
import type { User } from '@domain/types';
import type { Gateway } from '@/gateway/types';

/** What the contract suite needs from a backend, whatever it is (server/ or Firebase). */
export interface ContractHarness {
  /** Backend name, for test titles. */
  name: string;
  /** A gateway with no session (a visitor). */
  anonymous(): Gateway;
  /** A fresh account with that role, signed in on its own gateway. */
  signedIn(role: Role): Promise<{ gateway: Gateway; user: User; password: string }>;
  /** A small valid PNG, as a browser File would carry it. */
  image(): Promise<File>;
  close(): Promise<void>;
}
