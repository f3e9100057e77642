/** Seeds: an app's demo data, typed against its spec. */
export {
  defineSeed,
  isSeed,
  type Seed,
  type SeedAccountInput,
  type SeedAccounts,
  type SeedDefinition,
  type SeedOptions,
} from './define-seed';
export {
  type SeedAccount,
  type SeedActor,
  type SeedContext,
  type SeedUser,
  seedContext,
} from './seed-context';
