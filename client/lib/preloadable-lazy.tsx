import { type ComponentType, lazy, useState } from "react";

/**
 * A component in a chunk of its own, like `React.lazy`, that renders at once when `preload()` has loaded
 * its module before it mounts. `lazy` always suspends on its first render, so a page's first render would
 * commit the placeholder and render again when the chunk arrives (decision 0247).
 */
export function preloadableLazy<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = (): Promise<ComponentType<Props>> => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableLazy(props: Props) {
    // Chosen once per mount: switching between the two later would remount the component.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component: PreloadableLazy, preload };
}
