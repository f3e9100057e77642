/**
 * The hooks that write: create, update, delete, transition and action. An update or a
 * transition shows at once, on the record and on every list page holding it, and rolls back
 * if the server refuses; every write
 * refreshes the entity's cached queries (and the quotas it may count against) once settled.
 */
import type { AppErrorOf, NinefoldClient, Record$ } from '@ninefold/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CacheSnapshot, holdStill, patchRecord, restore } from './live-cache';
import { keys } from './query-keys';
import type {
  ActionInputOf,
  ActionName,
  ActionOutputOf,
  CreateInput,
  EntityName,
  StateFieldOf,
  StateName,
  TransitionInput,
  TransitionName,
  UpdateInput,
} from './spec-types';

/**
 * @example const { useUpdate } = writeHooks<typeof app>(useClient);
 */
export function writeHooks<A>(useClient: () => NinefoldClient<A>) {
  type Err = AppErrorOf<A>;
  return {
    /** Creates records of an entity. */
    useCreate<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<Record$<A, E>, Err, CreateInput<A, E>>({
        mutationFn: (input) => client.create(entity, input as never) as Promise<Record$<A, E>>,
        onSuccess: async () => {
          await qc.invalidateQueries({ queryKey: keys.entity(entity) });
          await qc.invalidateQueries({ queryKey: keys.quotas() });
        },
      });
    },

    /** Updates a record optimistically; rolls back if the server refuses. */
    useUpdate<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<
        Record$<A, E>,
        Err,
        { id: string; patch: UpdateInput<A, E>; version?: number },
        { before: CacheSnapshot }
      >({
        mutationFn: ({ id, patch, version }) =>
          client.update(entity, id, patch as never, version === undefined ? {} : { version }) as Promise<
            Record$<A, E>
          >,
        onMutate: async ({ id, patch }) => {
          const before = await holdStill(qc, entity);
          patchRecord(qc, entity, id, patch as object);
          return { before };
        },
        onError: (_e, _vars, ctx) => ctx && restore(qc, ctx.before),
        onSuccess: (record, { id }) => qc.setQueryData(keys.record(entity, id), record),
        onSettled: () => qc.invalidateQueries({ queryKey: keys.entity(entity) }),
      });
    },

    /** Deletes records of an entity. */
    useDelete<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<void, Err, { id: string; version?: number }>({
        mutationFn: ({ id, version }) => client.delete(entity, id, version === undefined ? {} : { version }),
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.entity(entity) }),
      });
    },

    /**
     * Runs a transition; with the state field given, the record's new state (`to`) shows at
     * once and rolls back on refusal. With `version`, it runs only on that version of the
     * record (`If-Match`): a change made meanwhile gets `412 VERSION_MISMATCH`.
     */
    useTransition<E extends EntityName<A>>(entity: E, stateField?: StateFieldOf<A, E>) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<
        Record$<A, E>,
        Err,
        {
          id: string;
          name: TransitionName<A, E>;
          input?: TransitionInput<A, E, TransitionName<A, E>>;
          to?: StateName<A, E>;
          version?: number;
        },
        { before: CacheSnapshot }
      >({
        mutationFn: ({ id, name, input, version }) =>
          client.transition(
            entity,
            id,
            name,
            (input ?? {}) as never,
            version === undefined ? {} : { version },
          ) as never,
        onMutate: async ({ id, to }) => {
          const before = await holdStill(qc, entity);
          if (stateField && to) patchRecord(qc, entity, id, { [stateField]: to });
          return { before };
        },
        onError: (_e, _vars, ctx) => ctx && restore(qc, ctx.before),
        onSuccess: (record, { id }) => qc.setQueryData(keys.record(entity, id), record),
        onSettled: async () => {
          await qc.invalidateQueries({ queryKey: keys.entity(entity) });
          await qc.invalidateQueries({ queryKey: keys.quotas() });
        },
      });
    },

    /** Calls an action. */
    useAction<N extends ActionName<A>>(name: N) {
      const client = useClient();
      return useMutation<ActionOutputOf<A, N>, Err, ActionInputOf<A, N>>({
        mutationFn: (input) => client.action(name, input as never) as never,
      });
    },
  };
}
