import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * An OpenAI-compatible chat-completions endpoint (LLM_BASE_URL). Any failure — not configured,
 * network, timeout, bad status, empty content — returns null and the caller uses its embedded answer.
 */
export class LlmClient {
  constructor(
    private readonly config: Config['llm'],
    private readonly log: FastifyBaseLogger,
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
      if (!res.ok) throw new Error(`LLM answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      return typeof content === 'string' && content.trim() ? content.trim() : null;
    } catch (err) {
      this.log.warn({ err }, 'LLM call failed, using the embedded answer');
      return null;
    }
  }
}
