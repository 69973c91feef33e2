using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Prison.Web.Events;

/// <summary>
/// The AsyncAPI 3.0 document of the events out (web/Events/asyncapi.json): the exchange, the routing keys and each
/// kind's payload. Open to anyone, as an API's description is: it describes the messages, and carries none.
/// </summary>
public static class AsyncApiDocument
{
    public const string Path = "/asyncapi.json";

    private static readonly Lazy<byte[]> Document = new(() =>
    {
        using var stream = typeof(AsyncApiDocument).Assembly.GetManifestResourceStream("asyncapi.json")
            ?? throw new InvalidOperationException("web/Events/asyncapi.json is not embedded in the assembly.");
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        return copy.ToArray();
    });

    public static void MapAsyncApiDocument(this WebApplication app) =>
        app.MapGet(Path, () => Results.Bytes(Document.Value, "application/json")).AllowAnonymous();
}
