from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.callback_ack import CallbackAck
from ...models.error_body import ErrorBody
from typing import cast



def _get_kwargs(
    rail: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/rails/{rail}/callback".format(rail=quote(str(rail), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CallbackAck | ErrorBody | None:
    if response.status_code == 200:
        response_200 = CallbackAck.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

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

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CallbackAck | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    rail: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[CallbackAck | ErrorBody]:
    """ A provider's callback (the URL `GET /rails` shows, registered with the
    provider). Public: it is authenticated as the provider allows
    (Flutterwave's `verif-hash`; MTN and Airtel sign nothing), and in every
    case only brings forward a status inquiry; what it says is never taken
    on trust. Duplicates change nothing.

    Args:
        rail (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackAck | ErrorBody]
     """


    kwargs = _get_kwargs(
        rail=rail,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    rail: str,
    *,
    client: AuthenticatedClient | Client,

) -> CallbackAck | ErrorBody | None:
    """ A provider's callback (the URL `GET /rails` shows, registered with the
    provider). Public: it is authenticated as the provider allows
    (Flutterwave's `verif-hash`; MTN and Airtel sign nothing), and in every
    case only brings forward a status inquiry; what it says is never taken
    on trust. Duplicates change nothing.

    Args:
        rail (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackAck | ErrorBody
     """


    return sync_detailed(
        rail=rail,
client=client,

    ).parsed

async def asyncio_detailed(
    rail: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[CallbackAck | ErrorBody]:
    """ A provider's callback (the URL `GET /rails` shows, registered with the
    provider). Public: it is authenticated as the provider allows
    (Flutterwave's `verif-hash`; MTN and Airtel sign nothing), and in every
    case only brings forward a status inquiry; what it says is never taken
    on trust. Duplicates change nothing.

    Args:
        rail (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallbackAck | ErrorBody]
     """


    kwargs = _get_kwargs(
        rail=rail,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    rail: str,
    *,
    client: AuthenticatedClient | Client,

) -> CallbackAck | ErrorBody | None:
    """ A provider's callback (the URL `GET /rails` shows, registered with the
    provider). Public: it is authenticated as the provider allows
    (Flutterwave's `verif-hash`; MTN and Airtel sign nothing), and in every
    case only brings forward a status inquiry; what it says is never taken
    on trust. Duplicates change nothing.

    Args:
        rail (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallbackAck | ErrorBody
     """


    return (await asyncio_detailed(
        rail=rail,
client=client,

    )).parsed
