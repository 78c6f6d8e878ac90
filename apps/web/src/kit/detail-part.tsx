import { type ComponentType, lazy } from "react";

/** A component of a detail page that its declaration names but loads with the detail page (see detailPart). */
export type DetailPart<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component a resource's detail page shows (its actions and their forms, a chat, a document viewer) without
 * putting its code where the declaration goes: the list imports the declaration too, and these parts bring zod, the
 * schemas and viewers a list never shows. Declare the parts in a module of their own and load them in the resource's
 * `meta.loadDetail`, which the router runs alongside the declaration and waits for before it shows the detail page,
 * so a part renders at once there, with nothing flashing in its place. Rendered before that (never by the kit), it
 * suspends until its code arrives.
 */
export function detailPart<P extends object>(load: () => Promise<ComponentType<P>>): DetailPart<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= await load();
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, made once per part, at module level
  function Part(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Part, { preload });
}
