import { jest } from '@jest/globals';
import { COVER_ART_MESSAGES } from '@cadence/domain/cover-art';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoverArtDrop, type CoverArtDropProps } from './CoverArtDrop';

const png = (name = 'cover.png', type = 'image/png') => new File([new Uint8Array(64)], name, { type });

function setup(size: { width: number; height: number }) {
  let finish: () => void = () => undefined;
  const upload = jest.fn<CoverArtDropProps['upload']>((_file, onProgress) => {
    onProgress({ loaded: 16, total: 64 });
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
  render(<CoverArtDrop coverArtUrl={null} editable upload={upload} imageSize={async () => size} />);
  return { upload, finish: () => finish(), input: screen.getByLabelText('Choose cover art') };
}

test.each([
  [{ width: 1600, height: 1200 }, COVER_ART_MESSAGES.minHeight],
  [{ width: 1200, height: 1600 }, COVER_ART_MESSAGES.minWidth],
  [{ width: 2000, height: 1600 }, COVER_ART_MESSAGES.notSquare],
])('an image of %j is refused with the spec message before anything is sent', async (size, message) => {
  const { upload, input } = setup(size);
  await userEvent.upload(input, png());
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(upload).not.toHaveBeenCalled();
});

test('a file that is not JPG or PNG is refused with the file type message', async () => {
  const { upload, input } = setup({ width: 1600, height: 1600 });
  await userEvent.upload(input, png('cover.gif', 'image/gif'), { applyAccept: false });
  expect(await screen.findByRole('alert')).toHaveTextContent(COVER_ART_MESSAGES.fileType);
  expect(upload).not.toHaveBeenCalled();
});

test('a square 1600x1600 image is uploaded with a progress bar', async () => {
  const { upload, finish, input } = setup({ width: 1600, height: 1600 });
  await userEvent.upload(input, png());
  const bar = await screen.findByRole('progressbar', { name: 'Uploading cover.png' });
  expect(bar).toHaveAttribute('value', '16');
  expect(bar).toHaveAttribute('max', '64');
  expect(upload).toHaveBeenCalledTimes(1);
  finish();
  await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
