// The lead's images: shown behind the token (fetched as blobs), with antd's preview; staff add one
// with 'Upload image'.
import { UploadOutlined } from "@ant-design/icons";
import { useCustomMutation, useDataProvider } from "@refinedev/core";
import { Button, Image, Skeleton } from "antd";
import { useEffect, useRef, useState } from "react";
import { toastSuccess } from "../../../lib/toast";
import type { LeadImage } from "../api";
import { Part } from "./LeadSections";
import { useLeadPart, useRefreshLeadPart } from "./useLead";

/** An image behind the token: fetched through the HTTP layer as a blob. */
function AuthImage({ image }: { image: LeadImage }) {
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
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [image.url, dataProvider]);
  if (failed) return <div className="lead-image lead-image-missing">{image.file_name}</div>;
  if (!src) return <Skeleton.Image active className="lead-image" />;
  return <Image src={src} alt={image.file_name} className="lead-image" width={160} height={120} style={{ objectFit: "cover" }} />;
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
          <Image.PreviewGroup>
            <div className="lead-images">
              {items.map((img) => (
                <AuthImage key={img.id} image={img} />
              ))}
            </div>
          </Image.PreviewGroup>
        )}
      </Part>
    </div>
  );
}
