// The lead's images: shown behind the token (fetched as blobs); a thumbnail opens antd's preview
// (ImagePreview, loaded when first pointed at); staff add one with 'Upload image'.
import { UploadOutlined } from "@ant-design/icons";
import { useCustomMutation, useDataProvider } from "@refinedev/core";
import { Button, Skeleton } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLazyDialog } from "../../../components/page/LazyDialogButton";
import { toastSuccess } from "../../../lib/toast";
import type { LeadImage } from "../api";
import { Part } from "./LeadSections";
import { useLeadPart, useRefreshLeadPart } from "./useLead";

/** An image behind the token: fetched through the HTTP layer as a blob. */
const loadPreview = () => import("./ImagePreview").then((m) => m.ImagePreview);

interface AuthImageProps {
  image: LeadImage;
  /** The image's address once fetched (for the preview), null when it goes. */
  onLoaded: (id: LeadImage["id"], src: string | null) => void;
  onOpen: (id: LeadImage["id"]) => void;
  preload: () => void;
}

function AuthImage({ image, onLoaded, onOpen, preload }: AuthImageProps) {
  const dataProvider = useDataProvider();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    dataProvider()
      .custom!<{ blob: Blob }>({ url: image.url, method: "get", meta: { toast: false, responseType: "blob" } })
      .then(({ data: file }) => {
        if (!live) return;
        url = URL.createObjectURL(file.blob);
        setSrc(url);
        onLoaded(image.id, url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      onLoaded(image.id, null);
    };
  }, [image.url, image.id, dataProvider, onLoaded]);
  if (failed) return <div className="lead-image lead-image-missing">{image.file_name}</div>;
  if (!src) return <Skeleton.Image active className="lead-image" />;
  return (
    <button type="button" className="lead-image-open" aria-label={`Open ${image.file_name}`} onPointerEnter={preload} onFocus={preload} onClick={() => onOpen(image.id)}>
      <img src={src} alt={image.file_name} className="lead-image" width={160} height={120} style={{ objectFit: "cover" }} />
    </button>
  );
}

/**
 * Staff: 'Upload image' opens the browser's file chooser (a plain file input: antd's Upload
 * would bring ≈ 15 KB gzipped to every lead page for a button only staff see).
 */
function ImagePicker({ onPick, busy }: { onPick: (file: File) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ""; // the same file can be chosen again
          if (file) onPick(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={busy} size="small" className="image-upload" onClick={() => input.current?.click()}>
        Upload image
      </Button>
    </>
  );
}

export function ImagesSection({ leadId, isStaff }: { leadId: string; isStaff: boolean }) {
  const query = useLeadPart<{ results: LeadImage[] }>(leadId, "image-upload/");
  const refreshImages = useRefreshLeadPart(leadId, "image-upload/");
  const { mutate, mutation } = useCustomMutation();
  // Each image's address once fetched, for the preview's previous/next among those shown.
  const loaded = useRef(new Map<LeadImage["id"], string>());
  const onLoaded = useCallback((id: LeadImage["id"], src: string | null) => void (src ? loaded.current.set(id, src) : loaded.current.delete(id)), []);
  const preview = useLazyDialog("Image", loadPreview);
  const open = (items: LeadImage[], id: LeadImage["id"]) => {
    const shown = items.filter((img) => loaded.current.has(img.id));
    preview.show({ items: shown.map((img) => ({ src: loaded.current.get(img.id)!, alt: img.file_name })), current: Math.max(0, shown.findIndex((img) => img.id === id)) });
  };
  const upload = (file: File) => {
    const form = new FormData();
    form.append("file", file);
    mutate(
      { url: `work/${leadId}/image-upload/`, method: "post", values: form, errorNotification: false },
      {
        onSuccess: () => {
          toastSuccess("Image uploaded");
          void refreshImages();
        },
      },
    );
  };
  return (
    <div>
      {isStaff && <ImagePicker onPick={upload} busy={mutation.isPending} />}
      <Part<LeadImage> query={query} empty="No images">
        {(items) => (
          <div className="lead-images">
            {items.map((img) => (
              <AuthImage key={img.id} image={img} onLoaded={onLoaded} onOpen={(id) => open(items, id)} preload={preview.preload} />
            ))}
          </div>
        )}
      </Part>
      {preview.element}
    </div>
  );
}
