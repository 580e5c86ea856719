import type { FastifyBaseLogger } from 'fastify';

export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ContentPart[];
}

/**
 * An OpenAI-compatible chat-completions endpoint (the assistant's LLM_*, the image search's
 * VISION_*). Any failure — not configured, network, timeout, bad status, empty content — returns
 * null and the caller uses its embedded answer.
 */
export class ChatCompletions {
  constructor(
    private readonly config: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number },
    private readonly log: FastifyBaseLogger,
    private readonly name = 'LLM',
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.baseUrl);
  }

  async complete(messages: ChatMessage[]): Promise<string | null> {
    if (!this.config.baseUrl) return null;
    try {
      const res = await fetch(`${this.config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.config.model, messages, temperature: 0.2, max_tokens: 500 }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      if (!res.ok) throw new Error(`${this.name} answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      return typeof content === 'string' && content.trim() ? content.trim() : null;
    } catch (err) {
      this.log.warn({ err }, `${this.name} call failed, using the embedded answer`);
      return null;
    }
  }
}
