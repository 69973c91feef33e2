using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Prison.Benchmarks.Data;
using Prison.Testing;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// A worker as production runs it: a process of its own (Prison.Worker.dll run), so its peak memory is its own
/// (VmHWM in /proc/PID/status). Ready when its /health/ready answers.
/// </summary>
public sealed class WorkerProcessUnderTest : IAsyncDisposable
{
    private readonly Process _process;

    private WorkerProcessUnderTest(Process process) => _process = process;

    public static async Task<WorkerProcessUnderTest> StartAsync(BenchDatabase database, string queuePrefix, CancellationToken cancellationToken, params string[] more)
    {
        var port = FreePort();
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = AppContext.BaseDirectory };
        start.ArgumentList.Add(WorkerProcess.Dll);
        start.ArgumentList.Add("run");
        foreach (var arg in BenchServerArguments.For(database, queuePrefix, more).Select(a => a.StartsWith("--urls=", StringComparison.Ordinal) ? $"--urls=http://127.0.0.1:{port}" : a))
        {
            start.ArgumentList.Add(arg);
        }

        var process = Process.Start(start)!;
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is { Length: > 0 })
            {
                Console.Error.WriteLine($"worker {process.Id}: {e.Data}");
            }
        };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var worker = new WorkerProcessUnderTest(process);
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        var deadline = Stopwatch.GetTimestamp();
        while (true)
        {
            if (process.HasExited)
            {
                throw new InvalidOperationException($"The worker exited with code {process.ExitCode} before it was ready.");
            }

            try
            {
                if ((await http.GetAsync($"http://127.0.0.1:{port}/health/ready", cancellationToken)).IsSuccessStatusCode)
                {
                    return worker;
                }
            }
            catch (HttpRequestException)
            {
            }
            catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
            }

            if (Stopwatch.GetElapsedTime(deadline) > TimeSpan.FromMinutes(2))
            {
                await worker.DisposeAsync();
                throw new TimeoutException("The worker was not ready within 2 minutes.");
            }

            await Task.Delay(200, cancellationToken);
        }
    }

    /// <summary>The process's peak resident memory so far, in MiB (VmHWM).</summary>
    public double PeakMemoryMiB()
    {
        var line = File.ReadLines($"/proc/{_process.Id}/status").First(l => l.StartsWith("VmHWM:", StringComparison.Ordinal));
        return long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], System.Globalization.CultureInfo.InvariantCulture) / 1024.0;
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }

        _process.Dispose();
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
