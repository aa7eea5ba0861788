/**
 * `npm run firebase:delete-accounts [-- --project <id>] [--dry-run]` — finishes, with the Admin SDK,
 * the deletion of the users an admin deleted in the app (account-deletion.ts says what and why).
 */
import { deleteRemovedAccounts } from './account-deletion';
import { closeAllAdmins, openAdmin, projectIdFrom } from './admin';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dryRun = argv.includes('--dry-run');
  const admin = openAdmin(projectIdFrom(argv, process.env));
  try {
    const where = admin.onEmulators ? 'emulators' : `project ${admin.projectId}`;
    const done = await deleteRemovedAccounts(admin, { dryRun });
    for (const d of done) {
      console.log(
        `${dryRun ? 'would finish' : 'finished'} ${d.uid}: Auth account ${d.authAccount}, ${d.folders} folder(s), ${d.likes} like record(s)`,
      );
    }
    console.log(`${done.length} deleted user(s) ${dryRun ? 'to finish' : 'finished'} on the ${where}.`);
  } finally {
    await closeAllAdmins();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
