import { describe } from 'vitest';
import { probe, reportSkip } from '../firebase/emulators';
import { firebaseTestBackend } from '../firebase/harness';
import { nodeFingerprint } from '../helpers/fingerprints';
import { gatewayContract } from './gateway-contract';
import type { ContractHarness } from './harness';

/**
 * The gateway contract against the firebase adapter: real Firebase Auth and Cloud Firestore
 * emulators with firestore.rules loaded, roles given with the rules disabled (an admin's console).
 * Without the Auth or Firestore emulator the suite is skipped with the reason. Without the Storage
 * emulator (it needs Google's rules runtime JAR), media go to an in-memory store instead and the
 * suite title says so: everything else still runs against the emulators. Files are fingerprinted
 * by the browser's code with sharp as the decoder (tests/helpers/fingerprints.ts).
 */
const [auth, firestore, storage] = await Promise.all([probe('auth'), probe('firestore'), probe('storage')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/contract/firebase.contract.test.ts (gateway contract on Firebase)', missing);
else if (!storage.available) {
  console.log(
    `[firebase] Storage emulator not available (${storage.reason}): the contract suite runs on the Auth and ` +
      'Firestore emulators with media kept in memory instead of Cloud Storage (storage.rules: see tests/firebase/rules.test.ts)',
  );
}

async function firebaseHarness(): Promise<ContractHarness> {
  const backend = await firebaseTestBackend({ auth, firestore, storage, fingerprint: nodeFingerprint });
  return {
    name: 'firebase',
    anonymous: backend.gateway,
    signedIn: backend.signedIn,
    image: backend.image,
    close: backend.close,
  };
}

const where = storage.available ? 'Auth, Firestore and Storage emulators' : 'Auth and Firestore emulators, media in memory';
describe.skipIf(missing.length > 0)(`Gateway contract — firebase adapter (${where})`, () => {
  gatewayContract(firebaseHarness);
});
