using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using System.Text;

namespace Prison.Faults.Tests;

/// <summary>
/// An HTTP proxy on loopback that forwards nothing: it records the first line of each request (<c>CONNECT host:443</c>
/// for HTTPS, <c>GET http://host/...</c> for HTTP) and answers 403. Pointed at by HTTP_PROXY, HTTPS_PROXY and
/// ALL_PROXY, it makes every address an HTTP client would reach unreachable, and says whom it tried.
/// </summary>
public sealed class RecordingProxy : IAsyncDisposable
{
    private readonly TcpListener _listener;
    private readonly CancellationTokenSource _stopping = new();
    private readonly ConcurrentQueue<string> _requests = new();
    private readonly Task _accepting;

    private RecordingProxy()
    {
        _listener = new TcpListener(IPAddress.Loopback, 0);
        _listener.Start();
        _accepting = AcceptAsync();
    }

    public string Address => $"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}";

    /// <summary>The request lines received so far.</summary>
    public IReadOnlyList<string> Requests => [.. _requests];

    public static RecordingProxy Start() => new();

    public async ValueTask DisposeAsync()
    {
        await _stopping.CancelAsync();
        _listener.Stop();
        try
        {
            await _accepting;
        }
        catch (OperationCanceledException)
        {
        }

        _stopping.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!_stopping.IsCancellationRequested)
        {
            TcpClient client;
            try
            {
                client = await _listener.AcceptTcpClientAsync(_stopping.Token);
            }
            catch (Exception error) when (error is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }

            _ = AnswerAsync(client);
        }
    }

    private async Task AnswerAsync(TcpClient client)
    {
        using (client)
        {
            try
            {
                var stream = client.GetStream();
                using var reader = new StreamReader(stream, Encoding.ASCII, leaveOpen: true);
                using var patience = CancellationTokenSource.CreateLinkedTokenSource(_stopping.Token);
                patience.CancelAfter(TimeSpan.FromSeconds(10));
                string request;
                try
                {
                    request = await reader.ReadLineAsync(patience.Token) ?? "(a connection closed before its request)";
                }
                catch (OperationCanceledException)
                {
                    request = "(a connection that sent no request)";
                }

                _requests.Enqueue(request);
                await stream.WriteAsync("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"u8.ToArray(), patience.Token);
            }
            catch (Exception error) when (error is IOException or SocketException or OperationCanceledException)
            {
                // What matters was recorded, or the client gave up first.
            }
        }
    }
}
