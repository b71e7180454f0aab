import { COMPANY_TOASTS } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { uploadLogo } from '../api/upload-logo';
import { checkLogoDimensions, checkLogoFile, isRasterLogo } from '../utils/logo-file';
import { toastApiError } from '../../../components/ui/error-toast';

/** A logo the browser already knows the server would refuse; its message is the server's. */
class LogoFileError extends Error {
  override name = 'LogoFileError';
}

async function checkRasterDimensions(file: File): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    // Not decodable here (a browser without the codec, a damaged file): the server decides.
    return null;
  }
  const problem = checkLogoDimensions(bitmap.width, bitmap.height);
  bitmap.close();
  return problem;
}

/** Checks first (type, size, pixels: the same messages the server gives), then uploads. */
async function checkAndUploadLogo(file: File): Promise<string> {
  const problem =
    checkLogoFile(file) ?? (isRasterLogo(file) ? await checkRasterDimensions(file) : null);
  if (problem !== null) throw new LogoFileError(problem);
  return uploadLogo(file);
}

/** Uploads a chosen logo and hands its URL to `onUploaded`, toasting the outcome. */
export function useLogoUpload(onUploaded: (logoUrl: string) => void) {
  const mutation = useMutation({ mutationFn: checkAndUploadLogo });

  function upload(file: File) {
    mutation.mutate(file, {
      onSuccess: (logoUrl) => {
        onUploaded(logoUrl);
        toast.success(COMPANY_TOASTS.logoUploaded);
      },
      onError: (error) => {
        if (error instanceof LogoFileError) toast.error(error.message);
        else toastApiError(error, COMPANY_TOASTS.logoFailed);
      },
    });
  }

  return { upload, isUploading: mutation.isPending };
}
