import { endpoints } from '@cinegraph/contracts';
import { apiCall, endpointUrl } from '../../lib/api';
import { DownloadIcon } from '../../ui/icons';

/**
 * A take's download button: the file under its export name. The take is marked downloaded by a POST
 * beside it, since the download itself is a GET and no GET changes anything.
 */
export function TakeDownloadLink({ generationId, className }: { generationId: string; className: string }) {
  function markDownloaded() {
    const call = { params: { id: generationId }, body: { downloaded: true } };
    apiCall(endpoints.updateGeneration, call).catch((error: unknown) =>
      console.warn('Marking the take downloaded failed', error),
    );
  }
  return (
    <a
      href={endpointUrl(endpoints.downloadGeneration, { params: { id: generationId } })}
      download
      aria-label="Download take"
      title="Download take"
      onClick={(event) => {
        event.stopPropagation();
        markDownloaded();
      }}
      className={className}
    >
      <DownloadIcon className="size-3.5" />
    </a>
  );
}
