// Types the keys of `t` on both sides from the English catalogue: a key missing there does not compile.
import "i18next";
import type { Catalogue } from "./setup.js";

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Catalogue };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
