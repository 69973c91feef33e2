using System.Text;

namespace Prison.Testing;

/// <summary>
/// Reads the spans out of an OTLP/HTTP export request (opentelemetry/proto/collector/trace/v1, protobuf): only the
/// fields a test follows a trace by. The exporter serializes with its own writer; no generated classes are needed
/// to read the few fields back.
/// </summary>
public static class OtlpTraceRequest
{
    public static IReadOnlyList<ExportedSpan> Spans(ReadOnlySpan<byte> request)
    {
        var spans = new List<ExportedSpan>();
        foreach (var (field, resourceSpans) in Fields(request.ToArray()))
        {
            if (field != 1)
            {
                continue;
            }

            var service = "";
            var scopes = new List<byte[]>();
            foreach (var (part, value) in Fields(resourceSpans))
            {
                if (part == 1)
                {
                    service = Attributes(value).GetValueOrDefault("service.name", "");
                }
                else if (part == 2)
                {
                    scopes.Add(value);
                }
            }

            spans.AddRange(scopes.SelectMany(scope => Fields(scope).Where(f => f.Field == 2).Select(f => Span(service, f.Value))));
        }

        return spans;
    }

    private static ExportedSpan Span(string service, byte[] span)
    {
        string traceId = "", spanId = "", name = "";
        string? parent = null;
        var attributes = new List<byte[]>();
        var links = new List<string>();
        foreach (var (field, value) in Fields(span))
        {
            switch (field)
            {
                case 1: traceId = Convert.ToHexStringLower(value); break;
                case 2: spanId = Convert.ToHexStringLower(value); break;
                case 4 when value.Length > 0: parent = Convert.ToHexStringLower(value); break;
                case 5: name = Encoding.UTF8.GetString(value); break;
                case 9: attributes.Add(value); break;
                case 13: links.AddRange(Fields(value).Where(f => f.Field == 1).Select(f => Convert.ToHexStringLower(f.Value))); break;
            }
        }

        return new ExportedSpan(service, traceId, spanId, parent, name, KeyValues(attributes), links);
    }

    /// <summary>A Resource's attributes (field 1, KeyValue).</summary>
    private static Dictionary<string, string> Attributes(byte[] resource) =>
        KeyValues(Fields(resource).Where(f => f.Field == 1).Select(f => f.Value));

    /// <summary>KeyValue: key (1), AnyValue (2) whose string (1) or integer (3) is kept.</summary>
    private static Dictionary<string, string> KeyValues(IEnumerable<byte[]> keyValues)
    {
        var result = new Dictionary<string, string>();
        foreach (var keyValue in keyValues)
        {
            string? key = null, text = null;
            foreach (var (field, value) in Fields(keyValue))
            {
                if (field == 1)
                {
                    key = Encoding.UTF8.GetString(value);
                }
                else if (field == 2)
                {
                    foreach (var (kind, content) in Fields(value))
                    {
                        text = kind switch
                        {
                            1 => Encoding.UTF8.GetString(content),
                            3 => BitConverter.ToInt64(content).ToString(System.Globalization.CultureInfo.InvariantCulture),
                            _ => text,
                        };
                    }
                }
            }

            if (key is not null && text is not null)
            {
                result[key] = text;
            }
        }

        return result;
    }

    /// <summary>
    /// A message's fields in order: length-delimited ones as their bytes, varints as 8 little-endian bytes, fixed
    /// ones as their bytes.
    /// </summary>
    private static List<(int Field, byte[] Value)> Fields(byte[] message)
    {
        var fields = new List<(int, byte[])>();
        var at = 0;
        while (at < message.Length)
        {
            var tag = Varint(message, ref at);
            var field = (int)(tag >> 3);
            switch (tag & 7)
            {
                case 0:
                    fields.Add((field, BitConverter.GetBytes(Varint(message, ref at))));
                    break;
                case 1:
                    fields.Add((field, message[at..(at + 8)]));
                    at += 8;
                    break;
                case 2:
                    var length = (int)Varint(message, ref at);
                    fields.Add((field, message[at..(at + length)]));
                    at += length;
                    break;
                case 5:
                    fields.Add((field, message[at..(at + 4)]));
                    at += 4;
                    break;
                default:
                    throw new FormatException($"Wire type {tag & 7} at byte {at}: not an OTLP message.");
            }
        }

        return fields;
    }

    private static ulong Varint(byte[] message, ref int at)
    {
        ulong value = 0;
        for (var shift = 0; ; shift += 7)
        {
            var next = message[at++];
            value |= (ulong)(next & 0x7F) << shift;
            if ((next & 0x80) == 0)
            {
                return value;
            }
        }
    }
}
