using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace Prison.Faults.Tests;

/// <summary>
/// A worker service as a separate process (`Prison.Worker.dll run`), as an orchestrator runs it: so that two of them
/// are really two processes with their own connections, and one can be killed without warning.
/// </summary>
public sealed partial class WorkerService : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private WorkerService(Process process) => _process = process;

    public int ProcessId => _process.Id;

    /// <summary>Where the service answers HTTP (its health endpoints), once started.</summary>
    public Uri Address { get; private set; } = null!;

    /// <summary>What the process records in reevaluation_batch.worker for the batches it ran.</summary>
    public string Name => $"{Environment.MachineName}:{_process.Id}";

    /// <summary>Everything the process printed so far, for failure messages.</summary>
    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    /// <summary>Starts the service and waits until its health endpoint says it is ready (its bus has bound its queues).</summary>
    public static async Task<WorkerService> StartAsync(string[] configuration)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = AppContext.BaseDirectory };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Prison.Worker.dll"));
        start.ArgumentList.Add("run");
        foreach (var argument in configuration)
        {
            start.ArgumentList.Add(argument);
        }

        var service = new WorkerService(Process.Start(start)!);
        try
        {
            service._process.OutputDataReceived += (_, line) => service.Append(line.Data);
            service._process.ErrorDataReceived += (_, line) => service.Append(line.Data);
            service._process.BeginOutputReadLine();
            service._process.BeginErrorReadLine();
            await service.ReadyAsync();
            return service;
        }
        catch
        {
            await service.DisposeAsync();
            throw;
        }
    }

    /// <summary>SIGKILL: no shutdown, no acknowledgement, as when a machine dies.</summary>
    public void Kill()
    {
        _process.Kill(entireProcessTree: true);
        _process.WaitForExit(TimeSpan.FromSeconds(10));
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            using var patience = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            await _process.WaitForExitAsync(patience.Token);
        }

        _process.Dispose();
    }

    private void Append(string? line)
    {
        if (line is not null)
        {
            lock (_output)
            {
                _output.AppendLine(line);
            }
        }
    }

    private async Task ReadyAsync()
    {
        // Kestrel was asked for any free port; the host logs the one it got.
        var address = await Eventually.Async(
            () => Task.FromResult(ListeningOn().Match(Output) is { Success: true } match ? match.Groups[1].Value : (_process.HasExited ? "exited" : null)),
            found => found is not null,
            "the worker process to listen",
            TimeSpan.FromSeconds(60));
        if (address == "exited")
        {
            throw new InvalidOperationException($"The worker process exited with {_process.ExitCode}:\n{Output}");
        }

        Address = new Uri(address!);
        using var client = new HttpClient { BaseAddress = Address };
        await Eventually.Async(
            async () =>
            {
                try
                {
                    using var response = await client.GetAsync("/health/ready");
                    return $"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}";
                }
                catch (HttpRequestException error)
                {
                    return error.Message;
                }
            },
            answer => answer.StartsWith("200 {\"status\":\"Healthy\"", StringComparison.Ordinal),
            $"the worker process at {address} to be ready",
            TimeSpan.FromSeconds(60));
    }

    [GeneratedRegex(@"Now listening on: (http://\S+)")]
    private static partial Regex ListeningOn();
}
