import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { productImageSchema } from '../../../../domain/catalog-schemas';
import { thumbnailUrl } from '../../../../domain/images';
import {
  MAX_ALT_LENGTH,
  MAX_GALLERY_IMAGES,
  MAX_GALLERY_UPLOAD_FILES,
} from '../../../../domain/product-gallery';
import { z } from '../../../../domain/zod';
import { userMessage } from '../../../api';
import { inputClass } from '../../../components/account/form-field';
import { adminRequest } from '../shared/admin-api';
import { imageProblem, IMAGE_TYPES, type AdminProduct } from './products';

const galleryReply = z.object({ images: z.array(productImageSchema) });
type Gallery = z.infer<typeof galleryReply>['images'];

/**
 * The product's photos (decision 0061): add several, put them in order, describe each one for
 * shoppers who cannot see it, delete one. Each change is saved by its own request, apart from the
 * product form's Save; the first photo is the one cards and the cart show.
 */
export function ProductGalleryEditor({
  product,
  onChanged,
}: {
  product: AdminProduct;
  /** The photos as saved, after each change (the products list shows the first). */
  onChanged: (images: Gallery) => void;
}) {
  const id = useId();
  const [saved, setSaved] = useState<Gallery>(product.images);
  const [images, setImages] = useState<Gallery>(product.images);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const path = `/api/products/${product.id}/images`;
  const dirty = JSON.stringify(images) !== JSON.stringify(saved);

  async function run(action: () => Promise<Gallery>, done: string) {
    setBusy(true);
    setStatus(null);
    try {
      const next = await action();
      setSaved(next);
      setImages(next);
      onChanged(next);
      setStatus({ kind: 'success', text: done });
    } catch (error) {
      console.error('Failed to change the photos', error);
      setStatus({
        kind: 'error',
        text: userMessage(error, 'Failed to change the photos. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const problem = files.map(imageProblem).find(Boolean);
    if (problem) return setStatus({ kind: 'error', text: problem });
    if (files.length > MAX_GALLERY_UPLOAD_FILES) {
      return setStatus({ kind: 'error', text: `Add at most ${MAX_GALLERY_UPLOAD_FILES} photos at a time.` });
    }
    const body = new FormData();
    for (const file of files) body.append('image', file);
    void run(
      async () => (await adminRequest(galleryReply, path, { method: 'POST', body })).images,
      files.length === 1 ? 'Photo added.' : `${files.length} photos added.`,
    );
  }

  const move = (from: number, to: number) =>
    setImages((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  const missingAlt = images.some((image) => image.alt.trim() === '');

  return (
    <fieldset className="space-y-3 rounded-2xl border border-beige p-4" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-sm font-semibold text-ink">Photos</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {`The first photo shows on cards and in the cart. Describe each one for shoppers who cannot see it. Up to ${MAX_GALLERY_IMAGES} photos.`}
      </p>
      {images.length > 0 && (
        <ol className="space-y-2" aria-label="Photos, in the order the shop shows them">
          {images.map((image, index) => (
            <li key={image.url} className="flex items-center gap-3" data-testid="gallery-editor-row">
              <img
                src={thumbnailUrl(image.url)}
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 shrink-0 rounded-lg object-cover ring-1 ring-beige"
              />
              <label className="min-w-0 flex-1 text-xs font-medium text-muted">
                {`Alt text of photo ${index + 1}`}
                <input
                  type="text"
                  value={image.alt}
                  maxLength={MAX_ALT_LENGTH}
                  required
                  onChange={(event) =>
                    setImages((list) =>
                      list.map((item, i) => (i === index ? { ...item, alt: event.target.value } : item)),
                    )
                  }
                  // Enter here is not the product form's Save.
                  onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                  className={`${inputClass} mt-1`}
                />
              </label>
              <div className="flex shrink-0 gap-1">
                <button
                  type="button"
                  className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand disabled:opacity-40"
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">{`Move photo ${index + 1} up`}</span>
                </button>
                <button
                  type="button"
                  className="grid h-11 w-11 place-items-center rounded-full hover:bg-sand disabled:opacity-40"
                  disabled={busy || index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">{`Move photo ${index + 1} down`}</span>
                </button>
                <button
                  type="button"
                  className="grid h-11 w-11 place-items-center rounded-full text-danger hover:bg-sand disabled:opacity-40"
                  disabled={busy || dirty}
                  onClick={() =>
                    void run(
                      async () =>
                        (
                          await adminRequest(galleryReply, `${path}?url=${encodeURIComponent(image.url)}`, {
                            method: 'DELETE',
                          })
                        ).images,
                      'Photo deleted.',
                    )
                  }
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">{`Delete photo ${index + 1}`}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label className="btn-outline cursor-pointer has-[:disabled]:opacity-60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-maple">
          Add photos
          <input
            type="file"
            multiple
            accept={IMAGE_TYPES.join(',')}
            disabled={busy || dirty || images.length >= MAX_GALLERY_IMAGES}
            onChange={upload}
            className="sr-only"
          />
        </label>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || !dirty || missingAlt}
          onClick={() =>
            void run(
              async () =>
                (
                  await adminRequest(galleryReply, path, {
                    method: 'PATCH',
                    body: { images: images.map(({ url, alt }) => ({ url, alt: alt.trim() })) },
                  })
                ).images,
              'Photo order and alt texts saved.',
            )
          }
        >
          Save photo order and alt texts
        </button>
      </div>
      {missingAlt && <p className="text-sm text-danger">Every photo needs an alt text.</p>}
      <p role="status" className={`text-sm ${status?.kind === 'error' ? 'text-danger' : 'text-forest'}`}>
        {status?.text}
      </p>
    </fieldset>
  );
}
