// A data provider whose code is loaded on its first call: the REST provider brings
// @refinedev/simple-rest and axios (≈ 20 KB gzipped), which the sign-in pages never use and
// which Refine would otherwise put in the first download of every page.
import type { DataProvider } from "@refinedev/core";
import { API_BASE } from "./http";

type Method = "getList" | "getOne" | "getMany" | "create" | "update" | "deleteOne" | "custom";

export function lazyDataProvider(load: () => Promise<DataProvider>): DataProvider {
  let loading: Promise<DataProvider> | null = null;
  const provider = () => (loading ??= load().catch((error) => ((loading = null), Promise.reject(error))));
  const forward =
    <M extends Method>(method: M) =>
    async (params: Parameters<NonNullable<DataProvider[M]>>[0]) => {
      const fn = (await provider())[method] as ((p: typeof params) => Promise<unknown>) | undefined;
      if (!fn) throw new Error(`The data provider has no ${method}`);
      return fn(params);
    };
  return {
    getApiUrl: () => API_BASE,
    getList: forward("getList"),
    getOne: forward("getOne"),
    getMany: forward("getMany"),
    create: forward("create"),
    update: forward("update"),
    deleteOne: forward("deleteOne"),
    custom: forward("custom"),
  } as DataProvider;
}
