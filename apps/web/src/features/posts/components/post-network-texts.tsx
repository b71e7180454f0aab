import type { NetworkId } from '@cadence/shared';
import {
  NETWORK_MEDIA_RULES,
  networkMediaProblem,
  FIRST_COMMENT_LIMITS,
  FIRST_COMMENT_NETWORKS,
  NETWORK_TEXT_NAMES,
  POST_VARIANT_MESSAGES,
  THREAD_NETWORKS,
  THREAD_PARTS_MAX,
  measurePostLength,
  measurePostedText,
} from '@cadence/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { toastFailure } from '../../../components/ui/error-toast';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { cn } from '../../../lib/cn';
import { uploadPostMedia } from '../api/upload-post-media';
import type { PostFormValues } from '../utils/post-form-values';
import { MediaField } from './media-field';

/** 'X and Bluesky', 'X, Bluesky and Threads': the networks a thread goes to, in a sentence. */
const NETWORK_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

interface PostNetworkTextsProps {
  /** The entity's connected networks: the ones a text can be customized for. */
  networks: readonly NetworkId[];
  link: string;
  hasMedia: boolean;
}

/** 'N left' or 'N over' in the network's own count, red when over. */
function Room({ remaining, isOver, id }: { remaining: number; isOver: boolean; id: string }) {
  return (
    <span
      id={id}
      className={cn(
        'text-xs font-medium tabular-nums',
        isOver ? 'text-red-700' : remaining < 20 ? 'text-amber-700' : 'text-gray-600',
      )}
    >
      {isOver ? `${Math.max(0, -remaining)} over` : `${remaining} left`}
    </span>
  );
}

/**
 * A customized network's own file, in place of the post's: checked against that network's
 * rules, uploaded when chosen (the form then names its id).
 */
function VariantMediaField({ network }: { network: NetworkId }) {
  const { control, setValue, getValues } = useFormContext<PostFormValues>();
  const own = useWatch({ control, name: `variant_media.${network}` });
  const [isUploading, setIsUploading] = useState(false);
  const name = NETWORK_TEXT_NAMES[network];
  const rule = NETWORK_MEDIA_RULES[network];

  const setOwn = (next: PostFormValues['variant_media'][NetworkId] | undefined) => {
    const all = { ...getValues('variant_media') };
    if (next === undefined) delete all[network];
    else all[network] = next;
    setValue('variant_media', all, { shouldDirty: true });
  };
  const choose = async (file: File) => {
    setIsUploading(true);
    try {
      setOwn(await uploadPostMedia(file));
    } catch (error) {
      toastFailure(error, POST_VARIANT_MESSAGES.ownMediaFailed(name));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <MediaField
      inputId={`variant-${network}-media`}
      label={POST_VARIANT_MESSAGES.ownMedia(name)}
      owner={name}
      note={`${POST_VARIANT_MESSAGES.ownMediaNote(name)}. ${rule.label}.`}
      accept={Object.keys(rule.types)}
      check={(file) => networkMediaProblem(network, { mimeType: file.type, sizeBytes: file.size })}
      isBusy={isUploading}
      preview={
        own
          ? { url: own.media_url, name: own.name, isVideo: own.mime_type.startsWith('video/') }
          : null
      }
      onChoose={(file) => void choose(file)}
      onRemove={() => setOwn(undefined)}
    />
  );
}

/**
 * Text per network ('Customize for X' copies the shared text into an X-only field, 'Use the
 * shared text' drops it), the thread's follow-up parts where a connected network takes a
 * thread, and the first comment where one takes a comment.
 */
export function PostNetworkTexts({ networks, link, hasMedia }: PostNetworkTextsProps) {
  const { control, register, setValue, getValues, formState } = useFormContext<PostFormValues>();
  const variants = useWatch({ control, name: 'variants' });
  const ownMedia = useWatch({ control, name: 'variant_media' });
  const thread = useWatch({ control, name: 'thread' });
  const parts = useFieldArray({ control, name: 'thread' });
  if (networks.length === 0) return null;
  const threadNetworks = THREAD_NETWORKS.filter((network) => networks.includes(network));
  const commentNetworks = FIRST_COMMENT_NETWORKS.filter((network) => networks.includes(network));

  const customize = (network: NetworkId) => {
    setValue(`variants.${network}`, getValues('content'), { shouldDirty: true });
  };
  const dropVariant = (network: NetworkId) => {
    const next = { ...getValues('variants') };
    delete next[network];
    setValue('variants', next, { shouldDirty: true });
    const media = { ...getValues('variant_media') };
    delete media[network];
    setValue('variant_media', media, { shouldDirty: true });
  };

  return (
    <div className="space-y-5">
      <section aria-labelledby="network-texts-title" className="space-y-3">
        <h3 id="network-texts-title" className="text-sm font-semibold text-gray-900">
          Text per network
        </h3>
        <ul className="space-y-3">
          {networks.map((network) => {
            const name = NETWORK_TEXT_NAMES[network];
            const own = variants[network];
            if (own === undefined) {
              return (
                <li key={network} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-gray-700">{name}: the shared text</span>
                  <Button size="sm" variant="secondary" onClick={() => customize(network)}>
                    {POST_VARIANT_MESSAGES.customize(name)}
                  </Button>
                </li>
              );
            }
            const measured = measurePostLength(network, own, {
              link,
              hasMedia: hasMedia || ownMedia?.[network] !== undefined,
            });
            const roomId = `variant-${network}-room`;
            return (
              <li key={network} className="space-y-2">
                <TextareaField
                  id={`variant-${network}`}
                  label={`Text for ${name}`}
                  rows={4}
                  aria-describedby={roomId}
                  error={formState.errors.variants?.[network]?.message}
                  labelAction={<Room id={roomId} {...measured} />}
                  {...register(`variants.${network}`)}
                />
                <VariantMediaField network={network} />
                <Button size="sm" variant="ghost" onClick={() => dropVariant(network)}>
                  {POST_VARIANT_MESSAGES.useShared}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>

      {threadNetworks.length > 0 && (
        <section aria-labelledby="thread-title" className="space-y-3">
          <div>
            <h3 id="thread-title" className="text-sm font-semibold text-gray-900">
              Thread
            </h3>
            <p className="text-xs text-gray-600">
              On {NETWORK_LIST.format(threadNetworks.map((network) => NETWORK_TEXT_NAMES[network]))}
              , each part goes out as a reply to the one before. The post is part 1.
            </p>
          </div>
          <ol className="space-y-3">
            {parts.fields.map((field, index) => {
              const text = thread[index]?.text ?? '';
              const tightest = threadNetworks
                .map((network) => measurePostedText(network, text.trim()))
                .sort((a, b) => a.remaining - b.remaining)[0];
              const roomId = `thread-${index}-room`;
              return (
                <li key={field.id} className="space-y-1">
                  <TextareaField
                    id={`thread-${index}`}
                    label={`Part ${index + 2}`}
                    rows={3}
                    aria-describedby={tightest ? roomId : undefined}
                    labelAction={
                      tightest ? (
                        <Room id={roomId} remaining={tightest.remaining} isOver={tightest.isOver} />
                      ) : undefined
                    }
                    {...register(`thread.${index}.text`)}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<Trash2 className="size-4" aria-hidden="true" />}
                    onClick={() => parts.remove(index)}
                  >
                    Remove part {index + 2}
                  </Button>
                </li>
              );
            })}
          </ol>
          {parts.fields.length < THREAD_PARTS_MAX && (
            <Button
              size="sm"
              variant="secondary"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => parts.append({ text: '' })}
            >
              Add a part
            </Button>
          )}
        </section>
      )}

      {commentNetworks.length > 0 && (
        <TextareaField
          id="post-first-comment"
          label="First comment (optional)"
          rows={2}
          hint={`Posted under the post on ${commentNetworks
            .map((network) => `${NETWORK_TEXT_NAMES[network]} (${FIRST_COMMENT_LIMITS[network]})`)
            .join(', ')}, shortly after it.`}
          {...register('first_comment')}
        />
      )}
    </div>
  );
}
