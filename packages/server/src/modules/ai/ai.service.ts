import type { FoyerId, UserId } from '../../lib/ids.ts';
import type { Appliance, ImageReading } from '@ecofoyer/contracts';
import { API_MSG, MSG } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatCompletions } from '../../lib/chat-completions.ts';
import { badRequest, forbidden, HttpError, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { FileService } from '../files/files.service.ts';
import type { UniversesService } from '../universes/universes.service.ts';
import { parsePlate } from './plate-parser.ts';
import { OcrUnavailableError, PlateImageError, PlateReader, PlateReadTimeoutError } from './plate-reader.ts';
import { fileType } from '../../lib/uploads.ts';

/**
 * Adding a device by photo (API.md "image search"): the rating plate is read offline (OCR) and the
 * brand and model found on it make the appliance.
 */
export class AiService {
  private reader: PlateReader | undefined;

  constructor(
    private readonly deps: {
      files: FileService;
      appliances: AppliancesService;
      universes: UniversesService;
      log: FastifyBaseLogger;
      vision: ChatCompletions;
    },
  ) {}

  /** The optional vision service (VISION_BASE_URL): brand and model, or null on any failure or doubt. */
  private async askVision(image: Buffer, hint?: string): Promise<ImageReading | null> {
    if (!this.deps.vision.enabled) return null;
    const type = (await (await fileType()).fileTypeFromBuffer(image))?.mime ?? 'image/jpeg';
    const content = await this.deps.vision.complete([
      {
        role: 'system',
        content:
          'Tu lis la plaque signalétique d’un appareil électroménager ou électronique. Réponds uniquement en JSON : ' +
          '{"marque": string|null, "modele": string|null, "texte": string} — la marque, la référence du modèle (pas le numéro de série) et le texte lu.',
      },
      {
        role: 'user',
        content: [
          ...(hint ? [{ type: 'text' as const, text: `Indice : ${hint}` }] : []),
          { type: 'image_url', image_url: { url: `data:${type};base64,${image.toString('base64')}` } },
        ],
      },
    ]);
    if (!content) return null;
    try {
      const json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')) as { marque?: unknown; modele?: unknown; texte?: unknown };
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
      const reading = { marque: str(json.marque), modele: str(json.modele), text: str(json.texte) ?? '' };
      return reading.marque || reading.modele ? reading : null;
    } catch (err) {
      this.deps.log.warn({ err }, 'vision answer is not the expected JSON, using OCR');
      return null;
    }
  }

  private async image(userId: number, url: string): Promise<Buffer> {
    const buffer = await this.deps.files.readSigned(userId, url);
    if (!buffer) throw badRequest(API_MSG.imageUnreadable, 'IMAGE_UNREADABLE');
    return buffer;
  }

  private async read(image: Buffer, hint?: string): Promise<ImageReading> {
    const seen = await this.askVision(image, hint);
    if (seen) return seen;
    this.reader ??= new PlateReader();
    try {
      const { text } = await this.reader.read(image);
      return { text, ...parsePlate(text, hint) };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // A file that passed the type check but cannot be decoded (truncated, corrupt) is bad input.
      if (err instanceof PlateImageError) throw badRequest(MSG.imageSearchFailed, 'IMAGE_UNREADABLE');
      if (err instanceof PlateReadTimeoutError) throw serviceUnavailable(API_MSG.imageReadTimeout, 'IMAGE_READ_TIMEOUT');
      if (err instanceof OcrUnavailableError) throw serviceUnavailable(API_MSG.ocrUnavailable, 'OCR_UNAVAILABLE');
      this.deps.log.error({ err }, 'rating plate OCR failed');
      throw serviceUnavailable(MSG.imageSearchFailed, 'IMAGE_SEARCH_FAILED');
    }
  }

  /** POST /api/ai/images: what was read on the image (the optional hint helps, the plate wins); nothing is saved. */
  async images(userId: number, urlImage: string, searchText?: string): Promise<ImageReading> {
    return this.read(await this.image(userId, urlImage), searchText || undefined);
  }

  /**
   * POST /api/ai/appliance/searchandsave: the appliance made from the plate, or 404 when nothing was
   * recognised. The photo is the user's own upload; the appliance goes to their foyer.
   */
  async searchAndSave(
    userId: UserId,
    foyerId: FoyerId,
    body: { urlImage: string; searchText: string; userId: number; univerId: number; refProdId: number },
  ): Promise<Appliance> {
    if (body.userId !== userId) throw forbidden();
    const image = await this.image(userId, body.urlImage);
    // The universe must be this household's before the reading: the OCR costs ~0.1 s of CPU.
    await this.deps.universes.row(foyerId, body.univerId);
    const reading = await this.read(image, body.searchText || undefined);
    // Never an appliance called « Inconnu »: without both, nothing is saved and the
    // app asks for more (its wizard reads with POST /api/ai/images and lets the user complete).
    if (!reading.marque || !reading.modele) throw notFound(MSG.imageSearchNoResult, 'NOTHING_RECOGNISED');
    return this.deps.appliances.create(
      foyerId,
      body.univerId,
      { prod_id: body.refProdId, marque: reading.marque, modele: reading.modele, note: null },
      null,
      userId,
    );
  }

  async close(): Promise<void> {
    await this.reader?.close();
  }
}
