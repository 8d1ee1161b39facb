/**
 * The player of one track's preview: an `<audio>` that starts at once (the fan pressed Play) with
 * the browser's own controls. Loaded with its chunk only when a Play button is first pressed;
 * only one is on the page at a time, so starting another track stops this one.
 */
export default function PreviewPlayer({
  src,
  title,
  onEnded,
}: {
  src: string;
  title: string;
  onEnded: () => void;
}) {
  return (
    <audio
      className="release__player"
      src={src}
      autoPlay
      controls
      preload="auto"
      aria-label={`Preview of ${title}`}
      onEnded={onEnded}
    />
  );
}
