// The lead's images shown large (antd's preview group: zoom, rotate, previous/next, close on
// Escape), a chunk of its own fetched when a thumbnail is first pointed at, so a lead page does
// not bring rc-image for pictures most visits never open.
import { Image } from "antd";
import { useEffect, useState } from "react";
import type { LazyDialogProps } from "../../../components/page/LazyDialogButton";

export interface PreviewItem {
  src: string;
  alt: string;
}

export function ImagePreview({ open, onClose, items, current }: LazyDialogProps & { items: PreviewItem[]; current: number }) {
  const [shown, setShown] = useState(current);
  useEffect(() => setShown(current), [current, open]);
  // antd's documented way to preview without its thumbnails: a group of items, preview controlled.
  return <Image.PreviewGroup items={items} preview={{ visible: open, current: shown, onChange: setShown, onVisibleChange: (visible) => !visible && onClose() }} />;
}
