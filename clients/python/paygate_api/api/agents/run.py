from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.run_agent import RunAgent
from ...models.started_run import StartedRun
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    agent: str,
    *,
    body: RunAgent,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/ai/{agent}".format(agent=quote(str(agent), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | StartedRun | None:
    if response.status_code == 200:
        response_200 = StartedRun.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = StartedRun.from_dict(response.json())



        return response_202

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | StartedRun]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent: str,
    *,
    client: AuthenticatedClient,
    body: RunAgent,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorBody | StartedRun]:
    """ 
    Args:
        agent (str):
        idempotency_key (str | Unset):
        body (RunAgent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | StartedRun]
     """


    kwargs = _get_kwargs(
        agent=agent,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent: str,
    *,
    client: AuthenticatedClient,
    body: RunAgent,
    idempotency_key: str | Unset = UNSET,

) -> ErrorBody | StartedRun | None:
    """ 
    Args:
        agent (str):
        idempotency_key (str | Unset):
        body (RunAgent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | StartedRun
     """


    return sync_detailed(
        agent=agent,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    agent: str,
    *,
    client: AuthenticatedClient,
    body: RunAgent,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorBody | StartedRun]:
    """ 
    Args:
        agent (str):
        idempotency_key (str | Unset):
        body (RunAgent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | StartedRun]
     """


    kwargs = _get_kwargs(
        agent=agent,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent: str,
    *,
    client: AuthenticatedClient,
    body: RunAgent,
    idempotency_key: str | Unset = UNSET,

) -> ErrorBody | StartedRun | None:
    """ 
    Args:
        agent (str):
        idempotency_key (str | Unset):
        body (RunAgent):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | StartedRun
     """


    return (await asyncio_detailed(
        agent=agent,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
