// The records of the public-sector detail pages through Refine's useShow, with a shared link's
// uid + tid sent along when the page was opened through one.
import type { ResultDetail, TenderBrief, TenderDetail } from "../../../common/tenders";
import { useDetail } from "../../components/page/useDetail";
import { tenderPaths, type SharedPair } from "./api";

const pairQuery = (pair: SharedPair | null) => (pair ? { uid: pair.uid, tid: pair.tid } : undefined);

export const useTender = (id: string | undefined, pair: SharedPair | null) =>
  useDetail<TenderDetail>({ resource: "tenders", id, itemPath: tenderPaths.detail, query: pairQuery(pair) });

export const useTenderBrief = (id: string | undefined, pair: SharedPair | null) =>
  useDetail<TenderBrief>({ resource: "tenders", id, itemPath: tenderPaths.brief, query: pairQuery(pair) });

export const useResult = (id: string | undefined, pair: SharedPair | null) =>
  useDetail<ResultDetail>({ resource: "results", id, itemPath: tenderPaths.result, query: pairQuery(pair) });
