import { endpoints } from '@cinegraph/contracts';
import { endpointUrl } from '../../lib/api';
import { DownloadIcon } from '../../ui/icons';

/** A take's download button: the file under its export name; the take is then marked downloaded. */
export function TakeDownloadLink({ generationId, className }: { generationId: string; className: string }) {
  return (
    <a
      href={endpointUrl(endpoints.downloadGeneration, { params: { id: generationId } })}
      download
      aria-label="Download take"
      title="Download take"
      onClick={(event) => event.stopPropagation()}
      className={className}
    >
      <DownloadIcon className="size-3.5" />
    </a>
  );
}
